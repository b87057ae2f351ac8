/**
 * Common given names in English, German, French and Spanish (and a few frequent international
 * ones), written for this detector from the authors' own knowledge of common names (no list was
 * copied). A run "Given Surname" is read as a person's name without
 * any cue; the list is what separates "Hugo Brandt will join" from "General Motors said".
 * Accented and unaccented spellings are both listed where both are usual.
 */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  `Aaron Abigail Adam Adrian Adriana Agnes Agnès Aidan Aisha Alan Albert Alberto Alejandro Alex
  Alexander Alexandra Alexandre Alfonso Alice Alicia Alina Alvaro Álvaro Amanda Amelia Amélie Ana
  Andrea Andreas Andrew Andrés Andres Angela Ángel Angel Anja Anke Ann Anna Anne Annette Anthony
  Antoine Antonio Arnaud Arthur Astrid Aurélie Ava Barbara Beatriz Ben Benjamin Benoît Bernard
  Bettina Bianca Blanca Brian Bruno Camille Carla Carlos Carmen Caroline Catherine Cécile Celia
  Charles Charlotte Chloe Chloé Chris Christian Christine Christopher Claire Clara Claudia Colin
  Cristina Daniel Daniela Daniele David Denise Diana Diego Dieter Dominik Dominique Dylan Edward
  Elena Eli Elias Elisa Élise Elise Elizabeth Ella Emily Emma Emmanuel Enrique Eric Erik Ernesto
  Esther Ethan Eugenia Eva Fabian Fabien Felix Félix Fernando Florian Francisco François Frank
  Franziska Frederik Frieda Gabriel Gabriela Gabriele George Georg Gérard Gilles Giulia Grace Greta
  Guillaume Günter Gustavo Hannah Hanna Hans Harald Harry Heike Heinz Helen Helena Hélène Henri
  Henry Hugo Ian Inès Ines Inés Ingrid Irene Isabel Isabella Isabelle Iván Ivan Jack Jacob Jacques
  James Jan Jana Jane Javier Jean Jennifer Jérôme Jessica Joan Joaquín Joaquin Jochen Johann
  Johannes John Jonas Jonathan Jordi Jorge José Jose Joseph Josh Joshua Juan Judith Julia Julian
  Julie Julien Julio Jürgen Justine Karin Karl Katharina Kathrin Katja Kevin Klaus Kurt Lara Laura
  Laurent Lea Léa Lena Leo Léo Leon Léon Lisa Liam Louis Louise Luc Luca Lucas Lucía Lucia Lucie
  Luis Luisa Lukas Lutz Manon Manuel Manuela Marc Marco Marcos Marcus Margaret Margot Maria María
  Marie Marina Mario Marion Mark Markus Marta Martin Martín Martina Mary Mateo Mathieu Mathilde
  Matthew Matthias Max Maximilian Megan Melanie Mélanie Mia Michael Michel Michelle Miguel Mila
  Monika Monique Nadia Nadine Natalia Nathalie Nathan Nicolas Nicole Niklas Nils Noah Noémie Nora
  Oliver Olivia Olivier Oscar Óscar Pablo Patricia Patrick Paul Paula Pauline Pedro Peter Petra
  Philippe Philipp Pierre Pilar Priya Rachel Rafael Ralf Ramón Ramon Raquel Raúl Raul Rebecca
  Renate Richard Rita Robert Roberto Rocío Rodrigo Romain Rosa Ruth Ryan Sabine Samuel Sandra Sara
  Sarah Sebastian Sébastien Sergio Silke Simon Simone Sofia Sofía Sophie Stefan Stefanie Stephanie
  Steven Susanne Sven Sylvie Teresa Thomas Thibault Tim Timo Tobias Tom Tomás Torsten Ursula Uwe
  Valentina Valérie Vanessa Verónica Victor Víctor Victoria Vincent Virginie Walter Werner William
  Wolfgang Xavier Yann Yannick Yvonne Zoe Zoé
  Abby Ada Adela Adele Adèle Adolfo Agustín Agustin Aileen Alain Alba Alberta Aldo Alec Alejandra
  Alessandro Alfred Alfredo Ali Alice Alison Allison Alma Alois Alonso Amalia Ambre Amir Amparo
  Amy Anabel Anastasia Andrés Andy Angelica Angélica Angelika Angie Anita Annabelle Annemarie Annika
  Antje Antonia Antonin Aria Ariadna Ariane Armand Armando Armin Arnold Arturo Audrey Augustin August
  Aurora Austin Axel Barry Bastian Beatrice Béatrice Becky Belén Bella Benedikt Benito Benoit Bernd
  Bernadette Bertrand Beth Bethany Betty Beverly Birgit Bob Bobby Bonnie Brad Bradley Brandon Brenda
  Brett Brigitte Britta Brittany Brooke Bruce Bryan Caleb Calvin Camila Candice Cara Carina Carl Carlo
  Carly Carmela Carol Carole Carolina Carolyn Carsten Casey Cassandra Catalina Cathy Cecilia César
  Cesar Chantal Charlene Charlie Chelsea Cheryl Christa Christel Christelle Christina Christoph Cindy
  Claude Claudine Clément Clement Clemens Cody Colette Connor Conrad Constance Consuelo Cora Corinne
  Cornelia Courtney Craig Curtis Cynthia Dale Dalia Damian Damien Dan Dana Danielle Danny
  Dante Daphne Darius Darren Dave Dean Debbie Deborah Debra Delphine Denis Dennis Derek Desiree
  Didier Dina Dirk Dolores Dominic Dominique Donald Donna Dora Doris Dorothea Dorothy Douglas
  Doug Duncan Dustin Dwayne Eddie Edgar Edith Edmond Edna Eduardo Edwin Egon Eileen Elaine Elías
  Eliane Elisabeth Élisabeth Eliza Ellen Elliot Eloise Elsa Elvira Emil Emile Émile Emilia Emilie
  Émilie Emilio Emmy Erica Erika Erin Esperanza Estelle Esteban Ethel Eugene Eugène Eulalia
  Eve Evelyn Ezra Fabienne Fabio Fabrice Faith Fatima Felicia Felipe Ferdinand Fiona Flora Florence
  Florent Francesca Frances Francine Francis Franck Franz Fred Freddie Frederick Frédéric Frederic
  Friedrich Fritz Gabrielle Gaëlle Gail Gareth Gary Gaston Gavin Gemma Gene Geneviève Genevieve
  Geoffrey Georges Georgia Gerald Gerardo Gerda Gerhard Gertrud Gilbert Gina Ginette Gisela Gisèle
  Glen Glenn Gloria Gordon Gottfried Graciela Greg Gregory Grégoire Gregor Guadalupe Guido Guillermo
  Gunnar Guy Gwen Hailey Haley Hannelore Harold Harriet Hartmut Harvey Hazel Heather Hector Héctor
  Heidi Heike Heinrich Helga Helmut Henrik Herbert Hermann Hernán Hilda Hildegard Holger Holly Horst
  Howard Hubert Hunter Ida Ignacio Ilse Imke Imogen Inge Inma Irina Iris Irma Isaac Isidro Ivana
  Jackie Jackson Jacqueline Jade Jaime Jake Jamie Janet Janice Janine Jared Jasmin Jasmine Jason
  Jasper Jay Jean-Luc Jean-Marc Jean-Paul Jean-Pierre Jeanne Jeannette Jeff Jeffrey Jenna Jenny
  Jeremy Jerry Jesse Jesús Jill Jim Jimmy Jo Joachim Joanna Joanne Jocelyn Jodie Joe Joel Joël Joelle
  Joëlle Joey Johanna Jolene Jon Jordan Josefa Josefina Joséphine Josephine Josie Joy Joyce Juana
  Juliana Julieta Juliette June Justin Kai Kaitlyn Kara Karen Karina Karl-Heinz Kate Katherine Kathleen
  Kathy Katie Katrin Kay Kayla Keith Kelly Ken Kenneth Kerstin Kim Kimberly Kirsten Konrad Kristin
  Kristina Kyle Larry Laurence Lauren Laurie Leah Lee Leila Léna Leonard Leonardo Léonie Leonie
  Leopold Leslie Lester Leticia Lewis Liliana Lilly Lily Linda Lindsay Lindsey Lionel Lisette Liz Lola
  Lorena Lorenzo Loretta Lorraine Lothar Lotte Lourdes Lucas Lucille Lucy Ludwig Luise Luz Lydia Lynn
  Macarena Mackenzie Madeleine Madeline Magali Magdalena Maggie Malik Malte Mandy Manfred Mara Marcel
  Marcela Marcelo Marco Margarita Marguerite Mariana Mariano Maribel Marie-Claire Marie-Claude
  Marilyn Marisol Marissa Marjorie Marlene Marlène Marta Marvin Maryse Mason Mateo Mathias Matías
  Maurice Mauricio Maxime Maya Meghan Melissa Mercedes Meredith Micaela Michaela Michèle Miguel Mike
  Milagros Milan Mildred Miranda Miriam Mireille Mohamed Mohammed Molly Muhammad Mustafa Myriam
  Nadja Nancy Naomi Natalie Nathalie Neil Nelly Nelson Nicholas Nick Nicola Nicolás Nicole Nina Noah
  Noel Noël Norbert Norma Norman Octave Odette Odile Olga Omar Orlando Oskar Otto Owen Paco Paloma
  Pamela Pascal Pascale Patrice Patrik Paulette Pauline Peggy Penelope Pepe Perla Phil Phillip
  Phoebe Pia Pierre-Louis Quentin Rainer Ralph Ramiro Randy Raoul Raphaël Raphael Ray Raymond Reggie
  Regina Reinhard Reinhold Rémi Remy René Rene Renée Ricardo Rick Ricky Rob Robin Rocio Rodolfo Roger
  Roland Rolf Roman Ronald Ronny Rosalie Rosalía Rosalia Rosario Rose Rosemary Ross Roy Rubén Ruben
  Rudolf Rudy Russell Sabrina Sally Salvador Sam Samantha Sandrine Santiago Sarah Sascha Saskia Scott
  Sean Selina Serena Sergio Severine Séverine Shannon Sharon Shawn Sheila Shirley Sidney Siegfried
  Sigrid Silvia Solange Sonia Sonja Sophia Stacy Stella Stéphane Stephane Stephen Steve Susan Susana
  Suzanne Sybille Sydney Tamara Tania Tanja Tanya Tatiana Ted Terry Tess Thea Theo Théo Theresa
  Thérèse Thierry Tiffany Tina Toby Todd Tony Tracy Travis Trevor Troy Tyler Ulrich Ulrike Valentin
  Valeria Valerie Vera Veronica Véronique Veronika Vicente Vicky Viktor Viktoria Violeta Violette
  Virginia Vivian Wade Walter Wanda Warren Wayne Wendy Wilfried Wilhelm Willi Willy Wilma Yolanda
  Yves Yvette Zachary Zoey`
    .trim()
    .split(/\s+/u),
);
